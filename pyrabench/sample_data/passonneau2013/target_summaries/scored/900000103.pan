<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
 <text>
  <line>---</line>
  <line>Soil near volcanoes is very rich. Magma, according to local radio, is rock that has melted deep underground. Eruptions can destroy towns. Gas pressure pushes magma up in an eruption. The plates of the crust move a few centimetres a year.</line>
  <line>---</line>
  <line>Trapped gas causes eruptions. Most mountains that erupt form where magma reaches the surface. Cooled lava and ash pile up into a mountain. Thin lava makes wide shield volcanoes. The plates of the crust move very slowly. Soil near volcanoes is good for farming. Hot spots make volcanoes away from plate edges.</line>
  <line>---</line>
  <line>Magma is melted rock under the ground. Trapped gas pushes magma up in an eruption. Runny lava makes wide shield volcanoes. Melted rock on the surface becomes lava. Earth's plates move very slowly. Volcanoes form when melted rock comes up to the surface.</line>
  <line>---</line>
  <line>Volcanoes form where magma reaches the surface. Earth's plates move a few centimetres a year. Gas pressure causes eruptions. The magma inside the Earth is melted rock under the ground. Most volcanoes, officials said, are found at the edges of plates.</line>
  <line>---</line>
  <line>Volcanic soil is good for farming. The plates of the crust move a few centimetres a year. Eruptions, a spokesman said, can be very dangerous. Melted rock on the surface is called lava. Most mountains that erupt form when melted rock comes up to the surface. Scientists measure small earthquakes near volcanoes. Hot spots can build islands far from plate edges. Gas pressure, residents reported, pushes magma up in an eruption.</line>
 </text>
 <scu uid="1" label="Volcanoes form where magma reaches the surface">
  <contributor label="Most mountains that erupt form where magma reaches the surface">
   <part label="Most mountains that erupt form where magma reaches the surface" start="276" end="338"/>
  </contributor>
  <contributor label="Volcanoes form when melted rock comes up to the surface">
   <part label="Volcanoes form when melted rock comes up to the surface" start="756" end="811"/>
  </contributor>
  <contributor label="Volcanoes form where magma reaches the surface">
   <part label="Volcanoes form where magma reaches the surface" start="817" end="863"/>
  </contributor>
  <contributor label="Most mountains that erupt form when melted rock comes up to the surface">
   <part label="Most mountains that erupt form when melted rock comes up to the surface" start="1257" end="1328"/>
  </contributor>
 </scu>
 <scu uid="2" label="Magma is melted rock under the ground">
  <contributor label="Magma...is rock that has melted deep underground">
   <part label="Magma" start="38" end="43"/>
   <part label="is rock that has melted deep underground" start="71" end="111"/>
  </contributor>
  <contributor label="Magma is melted rock under the ground">
   <part label="Magma is melted rock under the ground" start="559" end="596"/>
  </contributor>
  <contributor label="The magma inside the Earth is melted rock under the ground">
   <part label="The magma inside the Earth is melted rock under the ground" start="942" end="1000"/>
  </contributor>
 </scu>
 <scu uid="3" label="Magma that reaches the surface is called lava">
  <contributor label="Melted rock on the surface becomes lava">
   <part label="Melted rock on the surface becomes lava" start="682" end="721"/>
  </contributor>
  <contributor label="Melted rock on the surface is called lava">
   <part label="Melted rock on the surface is called lava" start="1214" end="1255"/>
  </contributor>
 </scu>
 <scu uid="4" label="Most volcanoes are at plate edges">
  <contributor label="Most volcanoes...are found at the edges of plates">
   <part label="Most volcanoes" start="1002" end="1016"/>
   <part label="are found at the edges of plates" start="1034" end="1066"/>
  </contributor>
 </scu>
 <scu uid="5" label="Plates move slowly">
  <contributor label="The plates of the crust move a few centimetres a year">
   <part label="The plates of the crust move a few centimetres a year" start="187" end="240"/>
  </contributor>
  <contributor label="The plates of the crust move very slowly">
   <part label="The plates of the crust move very slowly" start="424" end="464"/>
  </contributor>
  <contributor label="Earth's plates move very slowly">
   <part label="Earth's plates move very slowly" start="723" end="754"/>
  </contributor>
  <contributor label="Earth's plates move a few centimetres a year">
   <part label="Earth's plates move a few centimetres a year" start="865" end="909"/>
  </contributor>
  <contributor label="The plates of the crust move a few centimetres a year">
   <part label="The plates of the crust move a few centimetres a year" start="1107" end="1160"/>
  </contributor>
 </scu>
 <scu uid="6" label="Hot spots make volcanoes away from edges">
  <contributor label="Hot spots make volcanoes away from plate edges">
   <part label="Hot spots make volcanoes away from plate edges" start="507" end="553"/>
  </contributor>
  <contributor label="Hot spots can build islands far from plate edges">
   <part label="Hot spots can build islands far from plate edges" start="1383" end="1431"/>
  </contributor>
 </scu>
 <scu uid="7" label="Gas pressure causes eruptions">
  <contributor label="Gas pressure pushes magma up in an eruption">
   <part label="Gas pressure pushes magma up in an eruption" start="142" end="185"/>
  </contributor>
  <contributor label="Trapped gas causes eruptions">
   <part label="Trapped gas causes eruptions" start="246" end="274"/>
  </contributor>
  <contributor label="Trapped gas pushes magma up in an eruption">
   <part label="Trapped gas pushes magma up in an eruption" start="598" end="640"/>
  </contributor>
  <contributor label="Gas pressure causes eruptions">
   <part label="Gas pressure causes eruptions" start="911" end="940"/>
  </contributor>
  <contributor label="Gas pressure...pushes magma up in an eruption">
   <part label="Gas pressure" start="1433" end="1445"/>
   <part label="pushes magma up in an eruption" start="1467" end="1497"/>
  </contributor>
 </scu>
 <scu uid="8" label="Layers of lava and ash build a cone">
  <contributor label="Cooled lava and ash pile up into a mountain">
   <part label="Cooled lava and ash pile up into a mountain" start="340" end="383"/>
  </contributor>
 </scu>
 <scu uid="9" label="Runny lava makes shield volcanoes">
  <contributor label="Thin lava makes wide shield volcanoes">
   <part label="Thin lava makes wide shield volcanoes" start="385" end="422"/>
  </contributor>
  <contributor label="Runny lava makes wide shield volcanoes">
   <part label="Runny lava makes wide shield volcanoes" start="642" end="680"/>
  </contributor>
 </scu>
 <scu uid="10" label="Scientists watch volcanoes">
  <contributor label="Scientists measure small earthquakes near volcanoes">
   <part label="Scientists measure small earthquakes near volcanoes" start="1330" end="1381"/>
  </contributor>
 </scu>
 <scu uid="11" label="Eruptions can be dangerous">
  <contributor label="Eruptions can destroy towns">
   <part label="Eruptions can destroy towns" start="113" end="140"/>
  </contributor>
  <contributor label="Eruptions...can be very dangerous">
   <part label="Eruptions" start="1162" end="1171"/>
   <part label="can be very dangerous" start="1191" end="1212"/>
  </contributor>
 </scu>
 <scu uid="12" label="Volcanic soil is rich">
  <contributor label="Soil near volcanoes is very rich">
   <part label="Soil near volcanoes is very rich" start="4" end="36"/>
  </contributor>
  <contributor label="Soil near volcanoes is good for farming">
   <part label="Soil near volcanoes is good for farming" start="466" end="505"/>
  </contributor>
  <contributor label="Volcanic soil is good for farming">
   <part label="Volcanic soil is good for farming" start="1072" end="1105"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>I liked this reading a lot. Volcanoes form when melted rock comes up to the surface. Thin lava spreads out into a shield volcano. My family went to the beach last summer. Gas pressure, residents reported, causes eruptions. Soil near volcanoes, a spokesman said, is very rich. Cooled lava and ash build a cone. The magma inside the Earth is rock that has melted deep underground. The plates of the crust move very slowly. Hot spots in the mantle can build islands far from plate edges.</line>
 </text>
 <peerscu uid="7" label="(5) Gas pressure causes eruptions">
  <contributor label="Gas pressure...causes eruptions">
   <part label="Gas pressure" start="171" end="183"/>
   <part label="causes eruptions" start="205" end="221"/>
  </contributor>
 </peerscu>
 <peerscu uid="5" label="(5) Plates move slowly">
  <contributor label="The plates of the crust move very slowly">
   <part label="The plates of the crust move very slowly" start="379" end="419"/>
  </contributor>
 </peerscu>
 <peerscu uid="1" label="(4) Volcanoes form where magma reaches the surface">
  <contributor label="Volcanoes form when melted rock comes up to the surface">
   <part label="Volcanoes form when melted rock comes up to the surface" start="28" end="83"/>
  </contributor>
 </peerscu>
 <peerscu uid="2" label="(3) Magma is melted rock under the ground">
  <contributor label="The magma inside the Earth is rock that has melted deep underground">
   <part label="The magma inside the Earth is rock that has melted deep underground" start="310" end="377"/>
  </contributor>
 </peerscu>
 <peerscu uid="12" label="(3) Volcanic soil is rich">
  <contributor label="Soil near volcanoes...is very rich">
   <part label="Soil near volcanoes" start="223" end="242"/>
   <part label="is very rich" start="262" end="274"/>
  </contributor>
 </peerscu>
 <peerscu uid="11" label="(2) Eruptions can be dangerous">
 </peerscu>
 <peerscu uid="6" label="(2) Hot spots make volcanoes away from edges">
  <contributor label="Hot spots in the mantle can build islands far from plate edges">
   <part label="Hot spots in the mantle can build islands far from plate edges" start="421" end="483"/>
  </contributor>
 </peerscu>
 <peerscu uid="3" label="(2) Magma that reaches the surface is called lava">
 </peerscu>
 <peerscu uid="9" label="(2) Runny lava makes shield volcanoes">
  <contributor label="Thin lava spreads out into a shield volcano">
   <part label="Thin lava spreads out into a shield volcano" start="85" end="128"/>
  </contributor>
 </peerscu>
 <peerscu uid="8" label="(1) Layers of lava and ash build a cone">
  <contributor label="Cooled lava and ash build a cone">
   <part label="Cooled lava and ash build a cone" start="276" end="308"/>
  </contributor>
 </peerscu>
 <peerscu uid="4" label="(1) Most volcanoes are at plate edges">
 </peerscu>
 <peerscu uid="10" label="(1) Scientists watch volcanoes">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="I liked this reading a lot">
   <part label="I liked this reading a lot" start="0" end="26"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
